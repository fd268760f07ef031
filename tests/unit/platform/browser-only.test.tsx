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
});
