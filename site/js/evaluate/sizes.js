// A file's size for people, as the evaluate page shows it beside a run's name and while reading.

const KB = 1024;
const MB = 1024 ** 2;

/**
 * "119 bytes", "1 byte", "12 kB" (whole kB, rounded up), "3.4 MB".
 * @param {number} bytes  a file's size in bytes, >= 0
 * @returns {string}
 */
export function fileSize(bytes) {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= KB) return `${Math.ceil(bytes / KB)} kB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}
