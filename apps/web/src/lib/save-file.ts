/**
 * Saves bytes the page already holds as a file on the device (the browser's download), named `fileName`.
 * The object URL lives a minute, long enough for the browser to start the download.
 */
export function saveFile(bytes: Blob, fileName: string) {
  const url = URL.createObjectURL(bytes)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
