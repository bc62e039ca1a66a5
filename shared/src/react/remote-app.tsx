import React, { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { shell as shellTexts } from '../i18n/de/shell';

interface BoundaryProps {
  appName: string;
  children: ReactNode;
}

/** Error boundary of a remote's area: a render error shows a German notice, not a blank page. */
export class AreaErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.appName}] render error`, error, info.componentStack);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" data-testid={`area-error-${this.props.appName}`} style={{ padding: 24, textAlign: 'center' }}>
        <h2>{shellTexts.remoteUnavailableTitle}</h2>
        <p>{shellTexts.remoteUnavailableText}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {shellTexts.retry}
        </button>
      </div>
    );
  }
}

/**
 * single-spa lifecycles (bootstrap, mount, unmount) of a remote's area, made with single-spa-react 6
 * and wrapped in an error boundary. `domElementGetter` comes from the shell's customProps.
 */
export function createRemoteApp<P extends object>(appName: string, Root: ComponentType<P>) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: ((props: P) => (
      <AreaErrorBoundary appName={appName}>
        <Root {...props} />
      </AreaErrorBoundary>
    )) as never,
    errorBoundary: () => (
      <div role="alert" data-testid={`area-error-${appName}`}>
        {shellTexts.remoteUnavailableTitle}
      </div>
    ),
  });
}
