// The text of shadow roots with the least contrast (WCAG's ratio) on the background it is drawn
// on: [ratio, text], or [Infinity, ""] when they hold no text. The background is the nearest
// opaque one, looking out of the shadow root into the host page; disabled controls are left out.
(roots) => {
  const rgba = (value) => value.match(/[\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const backgroundOf = (element) => {
    for (let node = element; node; node = node.parentElement ?? node.getRootNode().host) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if ((colour[3] ?? 1) === 1) return colour;
    }
    return [255, 255, 255];
  };
  let lowest = [Number.POSITIVE_INFINITY, ""];
  for (const root of roots) {
    for (const element of root.querySelectorAll("*")) {
      const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.data.trim());
      if (!own.length || !element.checkVisibility() || element.closest(":disabled")) continue;
      const [text, back] = [luminance(rgba(getComputedStyle(element).color)), luminance(backgroundOf(element))];
      const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
      if (ratio < lowest[0]) lowest = [ratio, own.map((node) => node.data.trim()).join(" ")];
    }
  }
  return lowest;
};
