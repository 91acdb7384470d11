import { useLayoutEffect } from 'react';
import { act, render, screen } from '@testing-library/react';

// The page as the server sends it, in place before the module loads (as before the app's scripts run).
document.body.innerHTML = '<div id="root"><header>Boot header</header><div id="first-view"><h2>Timeless gold</h2></div></div>';
const serverView = document.getElementById('first-view')!;
// Required, not imported: imports run before the lines above, and the module takes the view when it loads.
const { FirstViewHost, endFirstView, useFirstViewShown } = require('./firstView') as typeof import('./firstView');

function Shown({ label }: { label: string }) {
  return <output aria-label={label}>{String(useFirstViewShown())}</output>;
}

/** Whether the view was on the page when the commit's layout effects ran, that is before the browser painted. */
let inPageBeforePaint: boolean | undefined;
function PaintProbe() {
  useLayoutEffect(() => {
    inPageBeforePaint ??= document.body.contains(serverView);
  }, []);
  return null;
}

function Shell() {
  const shown = useFirstViewShown();
  return (
    <>
      {shown && <FirstViewHost />}
      <Shown label="page" />
      <PaintProbe />
    </>
  );
}

describe('first view', () => {
  it('takes the server view when it loads and puts it back after React’s first commit empties #root', () => {
    const root = document.getElementById('root')!;
    render(<Shell />, { container: root });
    expect(screen.queryByText('Boot header')).toBeNull();
    // The very node the server sent, not a copy: its photo is already loaded and painted.
    expect(root.contains(serverView)).toBe(true);
    // Back in the same commit, before a paint: no blank frame between the server's view and React's.
    expect(inPageBeforePaint).toBe(true);
    expect(screen.getByLabelText('page')).toHaveTextContent('true');
  });

  it('ends for every subscriber and stays ended: a host mounted later shows nothing', () => {
    // #root went with the first test's cleanup: the view, still held, goes to a fresh host.
    const { container: shell } = render(<Shell />);
    render(<Shown label="other" />);
    expect(shell.contains(serverView)).toBe(true);
    act(() => endFirstView());
    expect(document.body.contains(serverView)).toBe(false);
    expect(screen.getByLabelText('page')).toHaveTextContent('false');
    expect(screen.getByLabelText('other')).toHaveTextContent('false');
    act(() => endFirstView());
    const { container } = render(<FirstViewHost />);
    expect(container.firstElementChild).toBeEmptyDOMElement();
    expect(screen.getByLabelText('page')).toHaveTextContent('false');
  });
});
