/** The calendar integration's rights (inte:event:view / inte:event:save) as the console asks for them. */
export const SAVE = 'integrations.calendar.save' as const;
