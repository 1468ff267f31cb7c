import { config } from 'zod'

// zod compiles fast parsers with `new Function` unless told not to; the console's CSP allows no eval, and
// even the probe is reported as a violation. Imported first by main.tsx, before any schema parses.
config({ jitless: true })
