// Loaded right after brython.js. Brython 3.15 mishandles an int subclass (an IntEnum member such
// as Escape's tile T.LASER) where CPython takes its integer value: as a bytearray's index or
// item, in bytes.count/find/index and `in`, and in str * n. Each is given the plain integer
// before Brython's own code runs, so the engines run unchanged (tests/test_web_fidelity.py).
(function () {
  var B = __BRYTHON__, builtins = B.builtins;
  function plain(value) {
    if (typeof value !== "object" || value === null) { return value; }
    return B.is_int(value) && !B.$isinstance(value, builtins.bool) ? B.PyNumber_Index(value) : value;
  }
  var setitem = B.$setitem;
  B.$setitem = function (obj, item, value, inum) {
    if (B.get_class(obj) === builtins.bytearray) { item = plain(item); value = plain(value); }
    return setitem(obj, item, value, inum);
  };
  function plainSecond(method) {
    return function () {
      var args = Array.prototype.slice.call(arguments);
      if (args.length > 1) { args[1] = plain(args[1]); }
      return method.apply(this, args);
    };
  }
  var richOp = B.rich_op;
  B.rich_op = function (op, x, y, inum) {
    if (op === "__mul__") {
      if (typeof x === "string" || x instanceof String) { y = plain(y); }
      else if (typeof y === "string" || y instanceof String) { x = plain(x); }
    }
    return richOp(op, x, y, inum);
  };
  var isMember = B.$is_member;
  B.$is_member = function (item, container) {
    var type = B.get_class(container);
    return isMember(type === builtins.bytes || type === builtins.bytearray ? plain(item) : item, container);
  };
  [builtins.bytes, builtins.bytearray].forEach(function (type) {
    ["count", "find", "index", "rfind", "rindex"].forEach(function (name) {
      var descriptor = B.$getattr(type, name);
      descriptor.method = plainSecond(descriptor.method);
      if (type.tp_funcs && type.tp_funcs[name]) { type.tp_funcs[name] = plainSecond(type.tp_funcs[name]); }
    });
  });
})();
