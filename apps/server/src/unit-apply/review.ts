import type { Trust } from '../trust/context.ts'

// Placeholder so the submit flow compiles: replaced by the review module (review, auto review, making).
export async function reviewSubmitted(_trust: Trust, _applicationId: string): Promise<void> {}
