// A table box that scrolls sideways says so: CSS names it in the caption (the words are the
// page's, strings.js) and fades its right edge until the last column is in view (a cut
// column otherwise looks like the end).
const boxes = document.querySelectorAll(".table-container");
const scrollCue = globalThis.leagueStrings.text("scroll_sideways");

function mark(box) {
  const hidden = box.scrollWidth - box.clientWidth;
  box.classList.toggle("scrolls", hidden > 1);
  box.classList.toggle("more-right", hidden - box.scrollLeft > 1);
}

boxes.forEach((box) => {
  const caption = box.querySelector("caption");
  if (caption) caption.dataset.scrollCue = scrollCue;
  mark(box);
  box.addEventListener("scroll", () => mark(box), { passive: true });
});
addEventListener("resize", () => boxes.forEach(mark));
