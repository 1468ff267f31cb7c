import { post } from '../../../lib/request/request.ts'

/**
 * POST /seal-apply/apply/downloadLink † {id}: a short-lived link (access token) to the generated
 * application form PDF, GET /seal-apply/apply/downloadApplication?id=…&access_token=….
 */
export function applicationFormLink(id: string) {
  return post<{ url: string }>('/seal-apply/apply/downloadLink', { id })
}
