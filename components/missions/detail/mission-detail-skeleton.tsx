import styles from './detail.module.css';

/** Shown while the server loads a mission: the page's outline, without invented content. */
export function MissionDetailSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.skeleton} style={{ width: '40%', height: '2em' }} />
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.section}>
          <div className={styles.skeleton} style={{ width: '25%' }} />
          <div className={styles.skeleton} />
          <div className={styles.skeleton} style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}
