'use client';

import { useEffect, useImperativeHandle, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import styles from './image-slider.module.css';

export interface Slide {
  name: string;
  imageLink: string;
}

export interface ImageSliderHandle {
  /** Animated jump (200 ms) to a slide; indexes wrap around when the slider loops. */
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
}

export interface ImageSliderProps {
  slides: readonly Slide[];
  /** Fires only for a click (or Enter/Space) on the active slide. */
  onSlideClick?: (index: number, slide: Slide) => void;
  onIndexChange?: (index: number) => void;
  /** Width of one slide relative to the viewport, e.g. '50%' to show two. */
  slideSize?: string;
  /** Accessible name of the carousel. */
  label?: string;
  ref?: Ref<ImageSliderHandle>;
  className?: string;
}

/** Spec §9: jump-to-slide animates over 200 ms. */
export const SLIDER_JUMP_MS = 200;
/** A horizontal drag longer than this changes the slide; shorter ones stay clicks. */
const SWIPE_PX = 40;
const CLICK_SLOP_PX = 5;

/**
 * The spec describes embla-carousel's options (align start, loop, drag); this is a small
 * dependency-free equivalent. Two slides do not loop (embla turns loop off when the slides
 * cannot fill both sides), hence: previous hidden on the first, next hidden on the second.
 */
export function ImageSlider({ slides, onSlideClick, onIndexChange, slideSize = '100%', label, ref, className }: ImageSliderProps) {
  const t = useTranslations('ui.slider');
  const count = slides.length;
  const loops = count > 2;
  const [requested, setRequested] = useState(0);
  const index = Math.min(requested, Math.max(0, count - 1));
  const [animating, setAnimating] = useState(false);
  const [dragOffset, setDragOffset] = useState(0);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const track = useRef<HTMLDivElement>(null);
  // The slide that had focus is hidden once another is shown: focus follows to the one shown
  // (issue 20 point 6), so Enter opens what the user sees.
  useEffect(() => {
    const had = document.activeElement;
    if (had instanceof HTMLElement && had.matches('[data-slide-button]') && track.current?.contains(had)) {
      track.current.querySelector<HTMLElement>('[data-slide-button][tabindex="0"]')?.focus();
    }
  }, [index]);

  const goTo = (target: number) => {
    if (count === 0) return;
    const next = loops ? ((target % count) + count) % count : Math.min(Math.max(target, 0), count - 1);
    clearTimeout(timer.current);
    setAnimating(true);
    timer.current = setTimeout(() => setAnimating(false), SLIDER_JUMP_MS);
    if (next !== index) {
      setRequested(next);
      onIndexChange?.(next);
    }
  };
  const canPrevious = count > 1 && (loops || index > 0);
  const canNext = count > 1 && (loops || index < count - 1);
  const previous = () => canPrevious && goTo(index - 1);
  const next = () => canNext && goTo(index + 1);
  useImperativeHandle(ref, () => ({ goTo, next: () => void next(), previous: () => void previous() }));

  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => unknown> = { ArrowLeft: previous, ArrowRight: next, Home: () => goTo(0), End: () => goTo(count - 1) };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, moved: false };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    // Stops text selection and page gestures fighting the drag (embla's "prevent default on drag").
    event.preventDefault();
    const dx = event.clientX - drag.current.x;
    if (!drag.current.moved && Math.abs(dx) > CLICK_SLOP_PX) {
      drag.current.moved = true;
      // Captured only once it is a real drag: capturing at pointerdown would retarget the
      // click of a plain tap away from the slide button.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setDragOffset(dx);
  };
  const onPointerEnd = (event: PointerEvent) => {
    if (!drag.current) return;
    const dx = event.clientX - drag.current.x;
    suppressClick.current = drag.current.moved;
    drag.current = null;
    setDragOffset(0);
    if (dx <= -SWIPE_PX) next();
    else if (dx >= SWIPE_PX) previous();
  };
  const onSlideActivate = (slideIndex: number) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const slide = slides[slideIndex];
    if (slideIndex === index && slide) onSlideClick?.(slideIndex, slide);
  };

  const trackStyle: CSSProperties = {
    transform: `translateX(calc(${-index} * var(--slide-size) + ${dragOffset}px))`,
  };
  return (
    <section
      className={[styles.slider, className].filter(Boolean).join(' ')}
      aria-roledescription={t('carousel')}
      aria-label={label ?? t('label')}
      onKeyDown={onKeyDown}
      style={{ '--slide-size': slideSize, '--jump-ms': `${SLIDER_JUMP_MS}ms` } as CSSProperties}
    >
      {canPrevious && (
        <button type="button" className={`${styles.arrow} ${styles.previous}`} aria-label={t('previous')} onClick={previous}>
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          ref={track}
          className={animating ? `${styles.track} ${styles.animating}` : styles.track}
          style={trackStyle}
          data-testid="slider-track"
          data-animating={animating}
          aria-live="polite"
        >
          {slides.map((slide, i) => (
            <div
              key={`${i}-${slide.imageLink}`}
              className={styles.slide}
              role="group"
              aria-roledescription={t('slide')}
              aria-label={t('slideLabel', { index: i + 1, total: count, name: slide.name })}
              aria-current={i === index ? 'true' : undefined}
              aria-hidden={i === index ? undefined : true}
            >
              <button type="button" className={styles.slideButton} data-slide-button tabIndex={i === index ? 0 : -1} onClick={() => onSlideActivate(i)}>
                {/* eslint-disable-next-line @next/next/no-img-element -- arbitrary remote/stored image links, no size known up front */}
                <img className={styles.image} src={slide.imageLink} alt={slide.name} draggable={false} />
                {/* Seen, not read: the image's alt text already names the slide (axe image-redundant-alt). */}
                <span className={styles.caption} aria-hidden="true">
                  {slide.name}
                </span>
              </button>
            </div>
          ))}
        </div>
      </div>
      {canNext && (
        <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label={t('next')} onClick={next}>
          <span aria-hidden="true">›</span>
        </button>
      )}
    </section>
  );
}
