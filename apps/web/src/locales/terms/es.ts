import type { TermsBundle } from './en';

const es: TermsBundle = {
  title: 'Términos y condiciones',
  lastUpdated: 'Última actualización: {{date}}',
  versions: { production: 'Producción', trial: 'Prueba' },
  countries: { Taiwan: 'Taiwán' },
  production: {
    intro:
      'Estos términos rigen el uso de Terminal Key Console (el «Servicio») por parte de su empresa y su personal en el marco de un contrato de producción.',
    sections: [
      {
        title: 'Aceptación',
        body: 'Al crear una cuenta o usar el Servicio en nombre de su empresa, acepta estos términos. Si no los acepta, no use el Servicio.',
      },
      {
        title: 'Cuentas y acceso',
        body: 'Las cuentas se crean solo por invitación. Cada cuenta pertenece a una persona, está protegida por una contraseña y un segundo factor, y solo puede tener la sesión abierta en un dispositivo a la vez. Usted es responsable de todo lo que se haga con su cuenta.',
      },
      {
        title: 'Uso permitido',
        body: 'Use el Servicio solo para gestionar terminales, claves, certificados y paquetes firmados que pertenezcan a su empresa o que esta esté autorizada a mantener, dentro de los roles que le conceda su administrador.',
      },
      {
        title: 'Datos sensibles',
        body: 'No debe almacenar datos sensibles en el Servicio: ningún dato de tarjetas de pago (números de tarjeta, datos de banda o chip, PIN o códigos de seguridad), ningún dato de salud y ninguna categoría especial de datos personales.',
      },
      {
        title: 'Claves, firmas y auditoría',
        body: 'Las claves, certificados y archivos firmados que produce el Servicio son confidenciales para su empresa. Los inicios de sesión, cambios y acciones de las herramientas se registran en un registro de auditoría que pueden revisar sus administradores.',
      },
      {
        title: 'Disponibilidad y cambios',
        body: 'Procuramos mantener el Servicio disponible y seguro, y podemos modificarlo o mejorarlo. Los cambios previstos que afecten a su trabajo se anuncian con antelación.',
      },
      {
        title: 'Responsabilidad',
        body: 'En la medida en que la ley lo permita, ninguna de las partes responde de daños indirectos o consecuentes. Nada en estos términos limita una responsabilidad que la ley no permita limitar.',
      },
      {
        title: 'Ley aplicable y controversias',
        body: 'Estos términos se rigen por la ley de {{country}}. Las partes intentarán primero resolver de buena fe cualquier controversia en un plazo de {{disputeDays}} días desde la notificación por escrito antes de acudir a los tribunales.',
      },
    ],
  },
  trial: {
    intro:
      'Estos términos rigen una prueba de Terminal Key Console (el «Servicio») para su evaluación antes de un contrato de producción.',
    sections: [
      {
        title: 'Periodo de prueba',
        body: 'La prueba dura {{trialDays}} días desde la activación de la cuenta de su empresa. El acceso termina al acabar el periodo de prueba, salvo que se firme un contrato de producción.',
      },
      {
        title: 'Solo para evaluación',
        body: 'Use la prueba solo para evaluar el Servicio con terminales y claves de prueba. No la use para preparar terminales ni archivos para producción.',
      },
      {
        title: 'Cuentas y acceso',
        body: 'Las cuentas se crean solo por invitación, son personales y solo pueden tener la sesión abierta en un dispositivo a la vez. Usted es responsable de todo lo que se haga con su cuenta.',
      },
      {
        title: 'Datos sensibles',
        body: 'No debe almacenar datos sensibles en el Servicio: ningún dato de tarjetas de pago (números de tarjeta, datos de banda o chip, PIN o códigos de seguridad), ningún dato de salud y ninguna categoría especial de datos personales.',
      },
      {
        title: 'Sin garantía',
        body: 'La prueba se ofrece tal cual, sin garantía de ningún tipo. Los datos creados durante la prueba pueden eliminarse cuando esta termine.',
      },
      {
        title: 'Ley aplicable y controversias',
        body: 'Estos términos se rigen por la ley de {{country}}. Las partes intentarán primero resolver de buena fe cualquier controversia en un plazo de {{disputeDays}} días desde la notificación por escrito antes de acudir a los tribunales.',
      },
    ],
  },
};

export default es;
