export { MissionBackupActions } from './mission-backup-actions';
