/**
 * The accessible name of a button or link that repeats on every card ("Order Now", "Ask about this"):
 * the action, then what it acts on, so a screen reader's list of controls tells them apart. The same in
 * both languages: a colon and the name, no words to translate.
 */
export const actionLabel = (action: string, subject: string) => `${action}: ${subject}`;
