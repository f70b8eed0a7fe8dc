import { Component, type ReactNode } from 'react';
import { Button, Message } from 'semantic-ui-react';
import i18n from '../i18n/index.ts';

interface State {
  error: Error | null;
}

/** Shows a failed lazy part (or any render error) with a reload button instead of a blank page. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('[console] render failed', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error.name === 'ChunkLoadError';
    return (
      <div className="page-error" role="alert">
        <Message negative>
          <Message.Header>{i18n.t(chunk ? 'errors.chunkTitle' : 'errors.renderTitle')}</Message.Header>
          <p>{i18n.t(chunk ? 'errors.chunkText' : 'errors.renderText')}</p>
          <Button primary onClick={() => window.location.reload()}>
            {i18n.t('errors.reload')}
          </Button>
        </Message>
      </div>
    );
  }
}
