import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon, Segment, type SemanticICONS } from 'semantic-ui-react';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';

/** The page around the sign-in and registration forms: the language switch, and a card headed by the logo and a title. */
export function AuthCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <main className="login-page">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      <Segment className={className ? `login-card ${className}` : 'login-card'} raised>
        <h1 className="login-title">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{title}</span>
        </h1>
        {children}
      </Segment>
    </main>
  );
}

/** The link under a card's form to the other page (register from the sign-in, back to the sign-in from register). */
export function AuthCardLink(props: { to: string; id: string; icon: SemanticICONS; label: string }) {
  return (
    <p className="login-register">
      <Link to={props.to} id={props.id}>
        <Icon name={props.icon} aria-hidden="true" />
        {props.label}
      </Link>
    </p>
  );
}
