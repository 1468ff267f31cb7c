/**
 * The back arrow of every title bar (set once through antd-mobile's ConfigProvider). antd-mobile gives the
 * bar's left side role=button with no name; the hidden text names it 返回 for screen readers and tests,
 * and global.css makes the whole left side the target, not only the arrow glyph.
 */
export function NavBackIcon() {
  return (
    <>
      <svg className="nav-back-arrow" width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M31 8 15 24l16 16" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">返回</span>
    </>
  )
}
