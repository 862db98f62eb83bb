import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { contactForm } from '@tkc/contracts/forms';
import { useTranslation } from 'react-i18next';
import { showActionError, showActionSuccess } from '@/lib/action-alert';
import { useForm } from '@/lib/use-form';
import { sendContact } from '../api/send-contact';

/** The action name (docs/product.md#action-handler): 'Contact Us Success!'. */
const ACTION = 'Contact Us';

type ContactModalProps = { isOpen: boolean; onClose: () => void };

/** Contact Us (docs/product.md#contact-us): subject and content, checked from the start. */
export function ContactModal({ isOpen, onClose }: ContactModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={t('contact.title')}
      centered
      size="lg"
      radius="md"
    >
      {/* Mounted with the modal so each opening starts from a fresh, already-validated form. */}
      {isOpen && <ContactForm onDone={onClose} />}
    </Modal>
  );
}

function ContactForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ schema: contactForm, initialValues: { subject: '', content: '' } });
  const submit = form.submitHandler(async (values) => {
    try {
      await sendContact({ subject: values.subject.trim(), content: values.content.trim() });
      showActionSuccess(ACTION);
      onDone();
    } catch (error) {
      showActionError(ACTION, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('contact.subject')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={t('contact.content')}
          withAsterisk
          autosize
          minRows={5}
          maxRows={12}
          {...form.getInputProps('content')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!form.isValid || form.isSubmitting}>
            {form.isSubmitting ? t('contact.pleaseWait') : t('common.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
