import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** antd-mobile's toast body: the one element a toast shows (global.css and the tests read it too). */
const TOAST_SELECTOR = '.adm-toast-main'

type Showing = { element: Element; text: string | null }

const showingNow = (): Showing | null => {
  const element = document.querySelector(TOAST_SELECTOR)
  return element ? { element, text: element.textContent } : null
}
const sameToast = (a: Showing, b: Showing | null) => b !== null && a.element === b.element && a.text === b.text

/** The toast that was up when the person last acted (a tap, a key, the browser's back), if any. */
let showingAtInput: Showing | null = null
const noteShowingToast = () => {
  showingAtInput = showingNow()
}
const INPUTS = ['pointerdown', 'keydown', 'popstate'] as const

/**
 * A toast belongs to the screen that showed it. One already up when the person acts — a tap, a key, the
 * browser's back — is cleared when that act opens another screen, so 取消绑定成功 does not ride along onto
 * the next screen when they tap on at once. A toast shown by the act itself stays: a success said just
 * before or just after `navigate` (注销成功 on the way to the seal's page), a screen's own message as it
 * opens, a message shown before a timed redirect. Antd-mobile's Toast has no "when shown", so the toast
 * up at the act is remembered by its element and text (a newer Toast.show changes the text).
 *
 * Toast itself is loaded only when a toast is up, as show-toast.ts keeps it off the first screens.
 * Used once, by the app shell.
 */
export function useToastsStayWithTheirScreen() {
  const { pathname } = useLocation()

  useEffect(() => {
    for (const type of INPUTS) window.addEventListener(type, noteShowingToast, { capture: true, passive: true })
    return () => {
      for (const type of INPUTS) window.removeEventListener(type, noteShowingToast, { capture: true })
    }
  }, [])

  useEffect(() => {
    const stale = showingAtInput
    showingAtInput = null
    if (!stale || !sameToast(stale, showingNow())) return
    void import('./antd-toast.ts').then(({ Toast }) => {
      // Checked again: the new screen may have shown its own toast meanwhile.
      if (sameToast(stale, showingNow())) Toast.clear()
    })
  }, [pathname])
}
