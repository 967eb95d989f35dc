import type { EffectiveConfig } from '../../core/index.js'
import { useT } from '../copy/en.js'
import * as styles from '../styles/modal.css.js'

/** 'By logging in I agree to the Terms & Privacy Policy', shown only when a URL is set. */
export function LegalFooter({ legal }: { legal: EffectiveConfig['legal'] }) {
  const t = useT()
  const { termsAndConditionsUrl: terms, privacyPolicyUrl: privacy } = legal
  if (!terms && !privacy) return null
  if (legal.requireUsersAcceptTerms) return null
  const link = (href: string | null, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    )
  return (
    <p part="footer" className={styles.footer}>
      {t('footer.agreePrefix')}
      {link(terms, t('footer.terms'))}
      {t('footer.and')}
      {link(privacy, t('footer.privacy'))}
    </p>
  )
}
