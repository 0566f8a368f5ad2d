import { Component, type ReactNode } from "react";
import { ErrorPage } from "./error-page";

/** Any render error shows the spec's router error page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Unexpected Application Error!", error);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
