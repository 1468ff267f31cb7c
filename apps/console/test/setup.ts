import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// The pages are lazy chunks; the first import of antd in a worker takes seconds, more while other files run beside it.
configure({ asyncUtilTimeout: 30_000 })

// antd reads the media queries and element sizes jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}
// jsdom's getComputedStyle does not take a pseudo-element; antd's scrollbar measure passes one.
const computed = window.getComputedStyle.bind(window)
window.getComputedStyle = (element: Element) => computed(element)
Element.prototype.scrollIntoView ??= function scrollIntoView() {}

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  vi.unstubAllGlobals()
})
