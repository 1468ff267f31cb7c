/** PDF page base width in points: an A4 page is 595 pt wide (spec 002 §9 "PDF scale is screen width over 595"). */
export const PDF_BASE_WIDTH = 595

/**
 * Highest device-pixel ratio a page canvas is drawn at. Every page of the document is kept on screen as
 * its own canvas; at a phone's ratio of 3 a 20-page document would need ~150 MB of canvas memory, past
 * what iOS Safari allows a page, while 2 is still sharp to the eye.
 */
export const MAX_OUTPUT_SCALE = 2

/** CSS scale of a page: the width it is shown in over the 595-point base width. */
export function pdfScale(displayWidth: number): number {
  return displayWidth / PDF_BASE_WIDTH
}

/**
 * CSS scale of one page: the spec's width over 595, but never wider than the screen — a page wider than
 * 595 points (Letter is 612) drawn at that scale ran past both edges of the phone.
 */
export function pageScale(displayWidth: number, pageWidthPoints: number): number {
  return Math.min(pdfScale(displayWidth), displayWidth / pageWidthPoints)
}

/** Canvas pixels per CSS pixel: the device's ratio, at least 1, at most MAX_OUTPUT_SCALE. */
export function outputScale(devicePixelRatio: number | undefined): number {
  return Math.min(Math.max(devicePixelRatio || 1, 1), MAX_OUTPUT_SCALE)
}

/** Canvas backing size and CSS size of a page viewport at an output scale. */
export function canvasSize(viewport: { width: number; height: number }, scale: number) {
  return {
    width: Math.floor(viewport.width * scale),
    height: Math.floor(viewport.height * scale),
    cssWidth: Math.floor(viewport.width),
    cssHeight: Math.floor(viewport.height),
  }
}

/**
 * A page's geometry at scale 1, from pdf.js's viewport: the size of its visible area (pdf.js's `page.view`,
 * the CropBox clipped by the MediaBox) as shown, turned by its /Rotate, and that rotation. Shown points are
 * measured from that area's top-left corner, wherever it sits in the page's user space.
 */
export function pageGeometry(viewport: { width: number; height: number; rotation: number }) {
  return { width: viewport.width, height: viewport.height, rotate: viewport.rotation }
}
