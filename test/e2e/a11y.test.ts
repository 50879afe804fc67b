// axe on every view, in the dark and light themes and a pale accent on dark (a11y-walk.ts).
import { axeWalks } from './a11y-walk.ts'

axeWalks('e2e: accessibility (axe) of every view', [0, 1, 2])
