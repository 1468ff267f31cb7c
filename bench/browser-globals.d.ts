// The few browser names the benchmarks use in functions they hand to a page (page.evaluate, init scripts):
// those run in Chromium, not in Node, and the DOM's own types clash with Node's for the server code imported here.
type PageStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void }
declare const localStorage: PageStorage
declare const sessionStorage: PageStorage
declare const location: { protocol: string; href: string }
