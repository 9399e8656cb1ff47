// Starts loading the page's math fonts (the @font-face rules inside the page) while the head is
// parsed. The browser would start when it first lays out math, just before the first paint: a
// font that comes within its block period, after that paint, re-lays the math out in it.
(() => {
  const names = document.currentScript?.dataset.fonts;
  if (!names || !document.fonts?.load) return; // no Font Loading API: the fonts load as used
  for (const font of names.split(";")) document.fonts.load(font).catch(() => {});
})();
