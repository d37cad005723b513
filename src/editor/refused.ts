/** A request the editor answers with a status and a message for the owner. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** A body left unread (too large, too slow): the connection is closed once the answer is sent. */
    readonly closes = false,
  ) {
    super(message);
  }
}
