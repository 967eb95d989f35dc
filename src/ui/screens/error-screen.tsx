import { copyForError } from '../copy/copy-for-error.js'
import { useModal } from '../modal-context.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as styles from '../styles/modal.css.js'
import { useConfigState } from '../use-client-state.js'

/** Error screens of document 1 §8; the retry goes to the previous screen or the landing. */
export default function ErrorScreen() {
  const { client, navigation, error } = useModal()
  const { config } = useConfigState(client)
  if (!error) return null
  const copy = copyForError(error, { appName: config.appName, allowlist: config.allowlist })
  const retry = () => {
    client.email.reset()
    navigation.reset()
  }
  return (
    <>
      <ScreenHeader title={copy.title} onBack={retry} />
      <div part="body" className={styles.body}>
        <p part="error" role="alert" className={styles.message}>
          {copy.description}
        </p>
        {copy.action &&
          (copy.actionLink ? (
            <a className={styles.primaryButton} href={copy.actionLink} target="_blank" rel="noopener noreferrer">
              {copy.action}
            </a>
          ) : (
            <button type="button" className={styles.primaryButton} onClick={retry}>
              {copy.action}
            </button>
          ))}
      </div>
    </>
  )
}
