import { Component, type ReactNode } from 'react';

export interface WidgetErrorBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows `fallback` instead of a part of the page whose code failed to load or render. */
export class WidgetErrorBoundary extends Component<WidgetErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
