// A table box that scrolls sideways says so: CSS names it in the caption and fades its
// right edge until the last column is in view (a cut column otherwise looks like the end).
const boxes = document.querySelectorAll(".table-container");

function mark(box) {
  const hidden = box.scrollWidth - box.clientWidth;
  box.classList.toggle("scrolls", hidden > 1);
  box.classList.toggle("more-right", hidden - box.scrollLeft > 1);
}

boxes.forEach((box) => {
  mark(box);
  box.addEventListener("scroll", () => mark(box), { passive: true });
});
addEventListener("resize", () => boxes.forEach(mark));
