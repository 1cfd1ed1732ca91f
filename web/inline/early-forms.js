// Decision 053: inlined at the top of every pre-rendered page (web/scripts/prerender.mjs), allowed
// by its hash in the CSP (functions/src/security-headers.ts). Until the app has hydrated the page
// (<html data-hydrating>), no form is sent natively: a submit is held and shown as held, and what
// is typed is noted, for web/src/lib/early-forms.ts to hand to the app once it is ready.
(function () {
  var root = document.documentElement;
  var typed = new Map();
  var held = null;
  var notice = null;
  root.setAttribute('data-hydrating', '');
  function waiting() {
    return root.hasAttribute('data-hydrating');
  }
  function note(event) {
    var field = event.target;
    if (!waiting() || !field || !field.form) return;
    typed.set(field, field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value);
  }
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  document.addEventListener(
    'submit',
    function (event) {
      if (!waiting()) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held = { form: event.target, submitter: event.submitter || null };
      if (notice) return;
      notice = document.createElement('p');
      notice.className = 'early-submit';
      notice.setAttribute('role', 'status');
      document.body.appendChild(notice);
      notice.textContent = 'One moment\u2026';
    },
    true,
  );
  window.earlyForms = {
    typed: typed,
    take: function () {
      var submit = held;
      held = null;
      if (notice) notice.remove();
      notice = null;
      return submit;
    },
  };
})();
