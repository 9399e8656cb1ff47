// A session's length as each SCORM version writes it: 1.2's CMITimespan "HHHH:MM:SS.SS" (RTE
// book 3.4.2.2; two to four digits of hours) and 2004's timeinterval, an ISO 8601 duration
// "PT#H#M#S" (RTE book 4.2.24).

function parts(milliseconds) {
  const hundredths = Math.max(0, Math.round(milliseconds / 10));
  return {
    hours: Math.floor(hundredths / 360000),
    minutes: Math.floor(hundredths / 6000) % 60,
    seconds: (hundredths % 6000) / 100,
  };
}

/** `milliseconds` as "HHHH:MM:SS.SS" (at most 9999 hours). */
export function scorm12Timespan(milliseconds) {
  const { hours, minutes, seconds } = parts(milliseconds);
  const pad = (number, width) => String(number).padStart(width, "0");
  return `${pad(Math.min(hours, 9999), 4)}:${pad(minutes, 2)}:${seconds.toFixed(2).padStart(5, "0")}`;
}

/** `milliseconds` as an ISO 8601 duration, e.g. "PT1H2M3.45S". */
export function isoDuration(milliseconds) {
  const { hours, minutes, seconds } = parts(milliseconds);
  return `PT${hours}H${minutes}M${Number(seconds.toFixed(2))}S`;
}
