import { Link } from 'react-router-dom';

import { env } from '@/config/env';
import { paths } from '@/config/paths';

import styles from './footer.module.css';

/** SPEC §2: terms, privacy, the fee pledge and a contact address, on every screen. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="Legal">
        <ul className={styles.links}>
          <li>
            <Link to={paths.termsOfService}>Terms of Service</Link>
          </li>
          <li>
            <Link to={paths.privacyPolicy}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={paths.feePledge}>Fee Sovereignty Pledge</Link>
          </li>
          <li>
            <a href={`mailto:${env.supportEmail}`}>Contact</a>
          </li>
        </ul>
      </nav>
      <p className={styles.note}>© {new Date().getFullYear()} LendPath · Non-custodial</p>
    </footer>
  );
}
