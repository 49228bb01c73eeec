// Small helpers to build the page: HTML and SVG elements from a tag, attributes and children.
export const $ = (id) => document.getElementById(id);
export const SVGNS = "http://www.w3.org/2000/svg";

export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
  return e;
}

export function svg(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const kid of kids) if (kid) e.append(kid);
  return e;
}

// An SVG <title> (what a hover or a screen reader tells about a shape).
export function svgTitle(text) {
  const t = svg("title");
  t.textContent = text;
  return t;
}
