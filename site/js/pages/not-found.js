// The page for an address that is not part of the course. Its links are relative to the site's
// root (the servers give it a <base> of it), so the skip link's "#content" would open the root's
// page: it moves the focus to this page's own content instead.
const skip = document.querySelector(".skip-link");
const content = document.getElementById("content");
skip?.addEventListener("click", (event) => {
  event.preventDefault();
  content.tabIndex = -1;
  content.focus();
});
