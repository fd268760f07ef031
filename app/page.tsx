import { redirect } from 'next/navigation';

// Spec §2: the root path redirects to the planner.
export default function Root(): never {
  redirect('/planner');
}
