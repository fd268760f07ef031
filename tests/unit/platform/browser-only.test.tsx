import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act } from 'react';
import { browserOnly } from '@/components/platform/browser-only';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('browserOnly', () => {
  it('renders nothing on the server and leaves its code unloaded there', () => {
    const load = jest.fn(async () => Greeting);
    const Lazy = browserOnly(load);
    expect(renderToString(<div><Lazy name="Ada" /></div>)).toBe('<div></div>');
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates the server HTML without a mismatch, then loads and shows the component', async () => {
    const Lazy = browserOnly(async () => Greeting);
    const page = <div><Lazy name="Ada" /></div>;
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.appendChild(container);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: recoverable });
    });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  it('shows the component when it mounts in the browser after the page (a client navigation)', async () => {
    const Lazy = browserOnly(async () => Greeting);
    render(<Lazy name="Grace" />);
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
  });

  describe('whenNear', () => {
    /** The observers the component made, and a way to say their element came near the screen. */
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
    beforeEach(() => {
      observers.length = 0;
      (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
        entry: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.entry = { callback, options, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      };
    });
    afterEach(() => {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    const comeNear = (isIntersecting: boolean) =>
      act(async () => {
        for (const o of observers) o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      });

    it('loads nothing until the component comes within a screen of the viewport, then shows it', async () => {
      const load = jest.fn(async () => Greeting);
      const Lazy = browserOnly(load, { whenNear: true });
      render(<Lazy name="Ada" />);
      await act(async () => {});
      expect(observers).toHaveLength(1);
      expect(observers[0]!.options?.rootMargin).toBe('100% 0px');
      await comeNear(false);
      expect(load).not.toHaveBeenCalled();
      expect(screen.queryByText('Hello Ada')).toBeNull();
      await comeNear(true);
      expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
      expect(observers[0]!.disconnected).toBe(true);
    });

    it('shows the component at once where the browser has no IntersectionObserver', async () => {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
      const Lazy = browserOnly(async () => Greeting, { whenNear: true });
      render(<Lazy name="Grace" />);
      expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
    });
  });
});
