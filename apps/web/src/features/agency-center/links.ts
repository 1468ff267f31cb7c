/** The agency centre's routes (spec 002 §2 "Agency centre routes"). */
export const agencyLinks = {
  list: '/agency-center',
  detail: (id: string) => `/agency-center/detail?${new URLSearchParams({ id })}`,
  preview: (id: string) => `/agency-center/preview?${new URLSearchParams({ id })}`,
  result: (id: string) => `/agency-center/result?${new URLSearchParams({ id })}`,
  /** The legal representative's signing page, coming back to the agency centre's result. */
  sign: (id: string) => `/new/seal/sign?${new URLSearchParams({ id, from: 'agency' })}`,
} as const
