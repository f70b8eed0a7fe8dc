import type { ReactNode } from 'react';
import { Header } from 'semantic-ui-react';

/** Every screen's frame: a section named by its h1 (the screen's title). */
export function ScreenFrame({
  title,
  id,
  className,
  children,
}: {
  title: string;
  /** Makes the heading's id, `<id>-title`. */
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `screen ${className}` : 'screen'} aria-labelledby={`${id}-title`}>
      <Header as="h1" size="medium" id={`${id}-title`}>
        {title}
      </Header>
      {children}
    </section>
  );
}
