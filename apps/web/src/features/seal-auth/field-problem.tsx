import { useEffect, useRef } from 'react'
import type { InputRef } from 'antd-mobile'

/** A field's problem, under the field it belongs to. */
export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null
  return (
    <span id={id} className="seal-auth-field-problem">
      {problem}
    </span>
  )
}

/**
 * A ref for an antd-mobile Input whose native input is marked invalid and pointed at its problem
 * (antd-mobile puts aria-* props on its wrapper, where a screen reader does not look).
 */
export function useProblemRef(id: string, problem: string | undefined) {
  const ref = useRef<InputRef>(null)
  useEffect(() => {
    const input = ref.current?.nativeElement
    if (!input) return
    if (problem) {
      input.setAttribute('aria-invalid', 'true')
      input.setAttribute('aria-describedby', id)
    } else {
      input.removeAttribute('aria-invalid')
      input.removeAttribute('aria-describedby')
    }
  }, [id, problem])
  return ref
}
