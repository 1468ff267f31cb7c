/** Header names the client sends with every request (spec 000 §7). */
export const apiHeaders = {
  authorization: 'authorization',
  applicationId: 'x-application-id',
  origin: 'x-origin',
} as const

/** The application id of this H5 client (the spec does not show the real value). */
export const H5_APPLICATION_ID = 'e-seal-h5'
