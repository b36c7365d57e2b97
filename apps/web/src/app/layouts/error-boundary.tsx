import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { useTranslation } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

interface Props {
  children: ReactNode;
  /** When it changes, a shown error is cleared and the children are tried again (the page's address). */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * What a visitor sees when a part of the app fails while rendering, instead of a blank or a
 * developer's screen: most often a page's code that did not arrive (a dropped connection, or a
 * deploy that replaced the files the page was loaded with), which a reload mends. Renders no
 * element of its own while all is well, so the server's markup and the browser's stay the same.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The app could not show this page:', error, info.componentStack ?? '');
  }

  override render() {
    return this.state.error ? <AppError /> : this.props.children;
  }
}

/** The error's message and its way out: loading the page again. */
export function AppError() {
  const { t } = useTranslation();
  useDocumentTitle(t('appError.heading'));
  return (
    <div role="alert">
      <EmptyState
        variant="page"
        icon={<TriangleAlert />}
        title={t('appError.heading')}
        text={t('appError.text')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('appError.reload')}
          </button>
        }
      />
    </div>
  );
}
