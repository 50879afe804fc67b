/** A translation, or its plural forms by Intl.PluralRules category ('other' required). */
export type Message = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>)
/** A locale's messages, keyed by the English text. */
export type Messages = Record<string, Message>
