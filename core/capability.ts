/**
 * The shape of a module's capabilities (docs/conventions.md, Capabilities). A capability is what a caller may
 * do in a module's own words (`bookings.manageAny`); it is granted by any one of the menu × action permission
 * codes of the menu catalogue that roles hold (`core/modules/menus/catalog.ts`). Imports nothing, so module
 * capability files and the console import it freely.
 */

/** A stored permission code of the menu catalogue: `<section>:<screen>:<action>` (docs/product-rules.md R2.1). */
export type PermissionCode = `${string}:${string}:${string}`;

/** A module's capabilities, named `<module>.<verb>`, each with the codes that grant it (any one suffices). */
export type CapabilityTable<M extends string> = Readonly<Record<`${M}.${string}`, readonly PermissionCode[]>>;
