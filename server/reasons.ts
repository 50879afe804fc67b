import type { Reply } from './http.ts'

/** The hosted API's error shape: a list of reasons, each with a name and a description (plus `reason`, as this server's other errors). */
export function reasons(status: number, description: string, name = 'error'): Reply {
  return { status, json: { reason: description, reasons: [{ name, description }] } }
}
