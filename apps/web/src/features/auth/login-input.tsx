import type { InputHTMLAttributes, ReactNode } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
  /** Beside the input, e.g. 获取验证码. */
  extra?: ReactNode
}

/** One labelled row of the login form, with the field's message under it. */
export function LoginInput({ id, label, error, extra, onChange, ...input }: Props) {
  const errorId = `${id}-error`
  return (
    <div className={`login-field${error ? ' login-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="login-field-control">
        <input
          id={id}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
        {extra}
      </div>
      {error && (
        <p id={errorId} className="login-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
