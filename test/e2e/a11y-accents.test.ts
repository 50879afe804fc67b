// axe on every view with a site's own accents on the light theme (a11y-walk.ts).
import { axeWalks } from './a11y-walk.ts'

axeWalks('e2e: accessibility (axe) of every view, a site\'s accents', [3, 4])
