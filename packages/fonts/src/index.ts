import { createRequire } from 'node:module'

// Resolved through the package, not relative to this file, so the paths stay right when the server is bundled.
const packageResolver = createRequire(import.meta.url)

/**
 * Paths of the vendored CJK fonts (LXGW WenKai, OFL-1.1, unmodified), so that seal images and PDFs
 * render the same on every machine whatever fonts it has installed.
 *
 * @example
 * const bytes = await readFile(cjkFont.regular)
 */
export const cjkFont = {
  regular: packageResolver.resolve('@seal/fonts/files/LXGWWenKai-Regular.ttf'),
  bold: packageResolver.resolve('@seal/fonts/files/LXGWWenKai-Bold.ttf'),
  family: 'LXGW WenKai',
} as const
