import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** antd-mobile's toast body: the one element a toast shows (global.css and the tests read it too). */
const TOAST_SELECTOR = '.adm-toast-main'

export type Showing = { element: Element; text: string | null }

const isHidden = (element: Element) => element.closest<HTMLElement>('.adm-toast-mask')?.style.display === 'none'
/** The toast in sight: the newest one, as a toast taken away here stays in the page, hidden, until its own time ends. */
const showingNow = (): Showing | null => {
  const element = [...document.querySelectorAll(TOAST_SELECTOR)].filter((node) => !isHidden(node)).at(-1)
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
    dismissToast(stale)
  }, [pathname])
}

/**
 * Takes a toast away at once if it is still the one up: hidden where it stands, so a toast shown meanwhile
 * does not open beside it fading out (issue #19 §4), and left to end on its own timer. Not Toast.clear():
 * that closes whichever toast is current, and a screen's own message shown in the same moment (密码修改成功
 * as the try that answered the old toast goes through) is current before React has drawn it, so it was
 * closed before anyone could read it. The next Toast.show replaces the hidden one, as antd-mobile does.
 */
export function dismissToast(showing: Showing | null) {
  if (!showing || !sameToast(showing, showingNow())) return
  const layer = showing.element.closest<HTMLElement>('.adm-toast-mask')
  if (layer) layer.style.display = 'none'
}

/**
 * The toast that was up at the person's last act, for a request that act sends: when the request
 * succeeds, that toast — the failure of their previous try, most often (验证码错误 before the right code)
 * — has been answered and goes (request.ts). A toast that came up after the act is not theirs to clear.
 */
export const toastUpAtLastAct = (): Showing | null => (showingAtInput && sameToast(showingAtInput, showingNow()) ? showingAtInput : null)
