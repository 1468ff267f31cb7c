// zod compiles fast parsers with `new Function` unless told not to; the console's CSP allows no eval, and
// even the probe is reported as a violation. zod adopts this object as its global configuration when it
// first loads, which is after this module (imported first by main.tsx, and importing nothing): zod stays
// out of the entry chunk, coming with the pages that check input.
;(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true }
