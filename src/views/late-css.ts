/** The modal's late rules (ui/styles-late), set by views/mount: a view's own sheet must come after them. */
export const late: { css?: Promise<unknown> } = {}
