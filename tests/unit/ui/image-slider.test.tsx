import { act, createRef } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageSlider, SLIDER_JUMP_MS, type ImageSliderHandle, type Slide } from '@/components/ui/image-slider/image-slider';
import { renderWithIntl } from '@/tests/support/render-with-intl';

// jsdom has no PointerEvent; a MouseEvent subclass carries clientX like the real one.
beforeAll(() => {
  if (!('PointerEvent' in window)) {
    class PointerEventPolyfill extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: MouseEventInit & { pointerId?: number } = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    Object.assign(window, { PointerEvent: PointerEventPolyfill });
  }
});
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const slides = (n: number): Slide[] => Array.from({ length: n }, (_, i) => ({ name: `Room ${i + 1}`, imageLink: `/img/${i + 1}.jpg` }));
const active = () => screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-current') === 'true');
const previousArrow = () => screen.queryByRole('button', { name: 'Previous slide' });
const nextArrow = () => screen.queryByRole('button', { name: 'Next slide' });
const track = () => screen.getByTestId('slider-track');

describe('ImageSlider', () => {
  it('shows slides by name and imageLink, active index 0, in an accessible carousel', () => {
    renderWithIntl(<ImageSlider slides={slides(3)} />);
    const carousel = screen.getByRole('region', { name: 'Image slider' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(active()).toHaveAccessibleName('1 of 3: Room 1');
    expect(within(active()!).getByRole('img', { name: 'Room 1' })).toHaveAttribute('src', '/img/1.jpg');
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
  });

  it('has no arrows with a single slide', () => {
    renderWithIntl(<ImageSlider slides={slides(1)} />);
    expect(previousArrow()).toBeNull();
    expect(nextArrow()).toBeNull();
  });

  it('with exactly two slides hides previous on the first and next on the second', () => {
    renderWithIntl(<ImageSlider slides={slides(2)} />);
    expect(previousArrow()).toBeNull();
    fireEvent.click(nextArrow()!);
    expect(active()).toHaveAccessibleName('2 of 2: Room 2');
    expect(nextArrow()).toBeNull();
    expect(previousArrow()).toBeInTheDocument();
  });

  it('loops with more than two slides', () => {
    const onIndexChange = jest.fn();
    renderWithIntl(<ImageSlider slides={slides(3)} onIndexChange={onIndexChange} />);
    expect(previousArrow()).toBeInTheDocument();
    expect(nextArrow()).toBeInTheDocument();
    fireEvent.click(previousArrow()!);
    expect(active()).toHaveAccessibleName('3 of 3: Room 3');
    fireEvent.click(nextArrow()!);
    expect(active()).toHaveAccessibleName('1 of 3: Room 1');
    expect(onIndexChange.mock.calls).toEqual([[2], [0]]);
  });

  it('signals a click on the active slide only', () => {
    const onSlideClick = jest.fn();
    renderWithIntl(<ImageSlider slides={slides(3)} onSlideClick={onSlideClick} slideSize="50%" />);
    const [first, second] = screen.getAllByRole('group', { hidden: true });
    fireEvent.click(within(second!).getByRole('button', { hidden: true }));
    expect(onSlideClick).not.toHaveBeenCalled();
    expect(active()).toHaveAccessibleName('1 of 3: Room 1');
    fireEvent.click(within(first!).getByRole('button'));
    expect(onSlideClick).toHaveBeenCalledWith(0, slides(3)[0]);
  });

  it('jumps to a slide with a 200 ms animation, aligned to the start', () => {
    const ref = createRef<ImageSliderHandle>();
    renderWithIntl(<ImageSlider ref={ref} slides={slides(4)} slideSize="50%" />);
    expect(SLIDER_JUMP_MS).toBe(200);
    expect(screen.getByRole('region')).toHaveStyle({ '--jump-ms': '200ms', '--slide-size': '50%' });
    expect(track()).toHaveAttribute('data-animating', 'false');
    act(() => ref.current!.goTo(2));
    expect(active()).toHaveAccessibleName('3 of 4: Room 3');
    // Start alignment: the active slide's left edge sits at the viewport's left edge.
    expect(track().style.transform).toBe('translateX(calc(-2 * var(--slide-size) + 0px))');
    expect(track()).toHaveAttribute('data-animating', 'true');
    expect(track()).toHaveClass('animating');
    act(() => jest.advanceTimersByTime(SLIDER_JUMP_MS - 1));
    expect(track()).toHaveAttribute('data-animating', 'true');
    act(() => jest.advanceTimersByTime(1));
    expect(track()).toHaveAttribute('data-animating', 'false');
    act(() => ref.current!.goTo(-1));
    expect(active()).toHaveAccessibleName('4 of 4: Room 4');
  });

  it('prevents default on drag and swipes to the next slide', () => {
    renderWithIntl(<ImageSlider slides={slides(3)} />);
    const viewport = track().parentElement!;
    expect(fireEvent.dragStart(within(active()!).getByRole('img'))).toBe(false);
    expect(fireEvent.pointerMove(viewport, { clientX: 100 })).toBe(true); // not dragging yet
    fireEvent.pointerDown(viewport, { clientX: 200 });
    expect(fireEvent.pointerMove(viewport, { clientX: 150 })).toBe(false);
    expect(track().style.transform).toBe('translateX(calc(0 * var(--slide-size) + -50px))');
    fireEvent.pointerUp(viewport, { clientX: 140 });
    expect(active()).toHaveAccessibleName('2 of 3: Room 2');
  });

  it('does not treat the end of a drag as a click on the slide', () => {
    const onSlideClick = jest.fn();
    renderWithIntl(<ImageSlider slides={slides(3)} onSlideClick={onSlideClick} />);
    const viewport = track().parentElement!;
    const button = within(active()!).getByRole('button');
    fireEvent.pointerDown(button, { clientX: 200 });
    fireEvent.pointerMove(button, { clientX: 190 });
    fireEvent.pointerUp(button, { clientX: 190 });
    fireEvent.click(button);
    expect(onSlideClick).not.toHaveBeenCalled();
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 201 });
    fireEvent.click(button);
    expect(onSlideClick).toHaveBeenCalledTimes(1);
  });

  it('is keyboard operable', async () => {
    const onSlideClick = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithIntl(<ImageSlider slides={slides(3)} onSlideClick={onSlideClick} />);
    await user.tab(); // previous arrow
    await user.tab(); // the active slide (inactive ones are out of the tab order)
    expect(within(active()!).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSlideClick).toHaveBeenCalledWith(0, slides(3)[0]);
    await user.keyboard('{ArrowRight}');
    expect(active()).toHaveAccessibleName('2 of 3: Room 2');
    // Focus follows the slide shown (the one it was on is hidden now), so Enter opens what is seen.
    expect(within(active()!).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSlideClick).toHaveBeenLastCalledWith(1, slides(3)[1]);
    await user.keyboard('{End}');
    expect(active()).toHaveAccessibleName('3 of 3: Room 3');
    await user.keyboard('{ArrowRight}');
    expect(active()).toHaveAccessibleName('1 of 3: Room 1');
    await user.keyboard('{ArrowLeft}');
    expect(active()).toHaveAccessibleName('3 of 3: Room 3');
    await user.keyboard('{Home}');
    expect(active()).toHaveAccessibleName('1 of 3: Room 1');
  });

  it('keeps inactive slides away from screen readers and names the arrows in German', () => {
    renderWithIntl(<ImageSlider slides={slides(3)} />, { locale: 'de' });
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('group')).toHaveAccessibleName('1 von 3: Room 1');
    expect(screen.getByRole('button', { name: 'Nächstes Bild' })).toBeInTheDocument();
  });
});
